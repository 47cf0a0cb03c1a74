import type { DataCollectionStatus } from '@field-portal/shared';

/** A request's status as a tag colour, in the list and in the request's details. */
export const STATUS_COLOURS: Record<DataCollectionStatus, string> = {
  submitted: 'default',
  accepted: 'blue',
  inProgress: 'processing',
  delivered: 'success',
  rejected: 'error',
};
