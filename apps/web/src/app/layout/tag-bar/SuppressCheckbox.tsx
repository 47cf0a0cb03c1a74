import { Checkbox } from 'antd';

/**
 * The "do not ask again" box of the unsaved-changes question. Its own module so antd's Checkbox
 * loads when the question is first asked, not with the console layout.
 */
export function SuppressCheckbox({ label, onChange }: { label: string; onChange: (checked: boolean) => void }) {
  return <Checkbox onChange={(e) => onChange(e.target.checked)}>{label}</Checkbox>;
}
