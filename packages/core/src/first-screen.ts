import type { CategoriesResponse, ItemDetail, ItemsPage } from './contract/index.ts';

/** The id of the JSON script in the HTML of a browse address. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/**
 * The id of the item popup's first paint in the HTML of a popup deep link (on a phone: its top with
 * the main photo, drawn before the app has run); the app removes it once its own popup is open.
 */
export const POPUP_FIRST_PAINT_ELEMENT_ID = 'popup-first-paint';

/**
 * What the server already knows the first screen of a browse address shows, embedded in its HTML
 * so the web app renders the page at once instead of asking for it. Every part is public browse
 * data, exactly what the API's own endpoints answer; nothing about the visitor.
 */
export interface FirstScreenData {
  /** When the server read it (epoch ms): a copy kept by the service worker must not pass for fresh. */
  at: number;
  categories: CategoriesResponse;
  /** The items page of the address; absent for invalid filters or an unknown category. */
  items?: { categoryId: string; query: string; page: ItemsPage };
  /** The item of a popup address (/category/:categoryId/item/:itemId), as seen by any visitor. */
  item?: ItemDetail;
}
