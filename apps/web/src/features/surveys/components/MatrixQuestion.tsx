import { Radio, Table } from 'antd';
import type { SurveyQuestion } from '@field-portal/shared';

type Matrix = Extract<SurveyQuestion, { type: 'matrix' }>;

/** A matrix question: a row per statement, a radio per column; loaded when a survey shows one (docs/decisions/0031). */
export function MatrixQuestion({
  question: q,
  value,
  onChange,
  disabled,
}: {
  question: Matrix;
  value: Record<string, string> | undefined;
  onChange: (v: unknown) => void;
  disabled: boolean;
}) {
  const current = value ?? {};
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="id"
      dataSource={q.rows}
      columns={[
        { title: '', dataIndex: 'label' },
        ...q.columns.map((c) => ({
          title: c.label,
          align: 'center' as const,
          render: (_: unknown, row: { id: string; label: string }) => (
            <Radio
              disabled={disabled}
              checked={current[row.id] === c.id}
              aria-label={`${row.label} ${c.label}`}
              onChange={() => onChange({ ...current, [row.id]: c.id })}
            />
          ),
        })),
      ]}
    />
  );
}
