/**
 * What an upload really is, from its first bytes (magic numbers), whatever its name or the browser
 * claims. Only the three formats we accept are recognised. The rule lives in core, so the web app
 * refuses the same files when they are chosen.
 */
export { sniffImage } from '@toolshed/core';
