/** Favourites: the limit and the words the API and the web app share. */

/** The most items one member may keep saved. */
export const MAX_SAVED_ITEMS = 500;

export const SAVED_LIMIT_MESSAGE = `You can save at most ${MAX_SAVED_ITEMS} items. Remove some from Saved to make room.`;
export const SAVE_OWN_ITEM_MESSAGE = 'This is your own item: you cannot save it.';
export const SAVE_UNLISTED_MESSAGE = 'This item is not listed just now, so it cannot be saved.';
export const NOT_SAVED_MESSAGE = 'This item is not in your saved items.';

/** The heart's accessible name: what pressing it does. */
export const saveButtonLabel = (itemName: string, saved: boolean): string => (saved ? `Remove ${itemName} from saved` : `Save ${itemName}`);

/** What the Saved page says of an item deleted or unlisted since it was saved. */
export const noLongerListedNote = (itemName: string): string => `${itemName} is no longer listed`;
