/**
 * The result of addDoctor's 409 (customers.doctor.duplicate): the doctor already there, so the
 * add-doctor wizard can link to them. Present only when that doctor is inside the caller's scope.
 */
export interface DuplicateDoctor {
  id: number;
  name: string;
}

export function isDuplicateDoctor(value: unknown): value is DuplicateDoctor {
  if (typeof value !== 'object' || value === null) return false;
  const { id, name } = value as { id?: unknown; name?: unknown };
  return Number.isSafeInteger(id) && (id as number) > 0 && typeof name === 'string';
}
