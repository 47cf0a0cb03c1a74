/** Picks doctors within the caller's data scope (the customers area's doctor search). */
export function DoctorPicker(_props: { exclude: number[]; onPick: (doctorIds: number[]) => Promise<void> }) {
  return null;
}
