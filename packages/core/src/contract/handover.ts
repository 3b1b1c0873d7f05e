import { z } from 'zod';
import { MAX_HANDOVER_NOTE } from '../handover.ts';

export const handoverPhotoSchema = z.object({
  id: z.string(),
  url: z.string().describe("The photo (up to 1200 px wide); only the rental's two parties may fetch it"),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  takenAt: z.string().describe('When the server received it (ISO 8601); shown in London time'),
});

export const handoverSideSchema = z.object({
  side: z.enum(['pickup', 'return']),
  addedBy: z.enum(['owner', 'renter']).describe('Who adds this side: the owner at pick-up, the renter at return'),
  note: z.string().nullable(),
  noteUpdatedAt: z.string().nullable(),
  photos: z.array(handoverPhotoSchema),
  canAdd: z.boolean().describe('Whether the asking party may add photos or change the note now'),
  refusal: z.string().nullable().describe('Why not, for the party who adds this side; null when they may or for the other party'),
});

export const handoverSchema = z.object({
  rentalId: z.string(),
  pickup: handoverSideSchema,
  return: handoverSideSchema,
});

export const handoverNoteInputSchema = z.object({
  note: z.string().max(MAX_HANDOVER_NOTE, `The note can be at most ${MAX_HANDOVER_NOTE} characters.`),
});

export type HandoverPhoto = z.infer<typeof handoverPhotoSchema>;
export type HandoverSideView = z.infer<typeof handoverSideSchema>;
export type Handover = z.infer<typeof handoverSchema>;
