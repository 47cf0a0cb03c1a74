import { useMutation } from '@tanstack/react-query';
import { API, type CardContent, type CardRecord, type CardSaveStatus, type UpdateCardRequest } from '@field-portal/shared';
import { postCardData } from './envelope';

export interface SaveCardInput {
  id: number;
  content: CardContent;
  status: CardSaveStatus;
}

/** POST updateCard: save draft (status draft) or create card (status created); content travels as JSON text. */
export function updateCard({ id, content, status }: SaveCardInput): Promise<CardRecord> {
  const body: UpdateCardRequest = { id, status, content: JSON.stringify(content) };
  return postCardData<CardRecord>(API.cards.updateCard, body);
}

export function useUpdateCard() {
  return useMutation({ mutationFn: updateCard });
}
