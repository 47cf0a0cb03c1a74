import { API, type DeleteCardFileRequest } from '@field-portal/shared';
import { postCardData } from './envelope';

/** POST deleteCardFile {no: the uploader's username, url}: removes an upload of a card that is not created yet. */
export async function deleteCardFile(body: DeleteCardFileRequest, options: { quiet?: boolean } = {}): Promise<void> {
  await postCardData<unknown>(API.cards.deleteCardFile, body, { suppressError: options.quiet ?? false });
}
