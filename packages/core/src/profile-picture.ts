/** Profile pictures: the spec's limits and messages, for the form and the server. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

export const PICTURE_MESSAGES = {
  required: 'Please select an image file',
  notImage: 'Please select a valid image file',
  tooLarge: 'Image file size must be less than 5MB',
  failed: 'Failed to upload profile picture. Please try again.',
} as const;

/** What the browser can tell before uploading; the server checks the bytes again. */
export function pictureFileProblem(file: { type: string; size: number } | null | undefined): string | null {
  if (!file) return PICTURE_MESSAGES.required;
  if (!file.type.startsWith('image/')) return PICTURE_MESSAGES.notImage;
  if (file.size > PICTURE_MAX_BYTES) return PICTURE_MESSAGES.tooLarge;
  return null;
}
