import { useEffect, useState } from 'react';
import { Cascader } from 'antd';
import type { Choice } from '../filters';

interface Option {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: Option[];
  loading?: boolean;
}

/**
 * An antd Cascader whose levels load on demand (province → city → county, or department level 1 →
 * level 2): each level asks `load(depth, parent)` once when opened. Any level may be chosen (a
 * province alone filters the whole province).
 */
export function LazyCascader({
  levels,
  load,
  value,
  onChange,
  placeholder,
  ariaLabel,
  style,
  notFoundContent,
}: {
  levels: number;
  load: (depth: number, parent: string | null) => Promise<Choice[]>;
  value: Choice[];
  onChange: (choices: Choice[]) => void;
  placeholder?: string;
  ariaLabel?: string;
  style?: React.CSSProperties;
  /** What an empty list says (why nothing is offered). */
  notFoundContent?: string;
}) {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    let live = true;
    void load(0, null).then((top) => {
      if (live) setOptions(top.map((c) => ({ ...c, isLeaf: levels <= 1 })));
    });
    return () => {
      live = false;
    };
  }, [load, levels]);

  const loadData = async (path: Option[]) => {
    const parent = path[path.length - 1];
    if (!parent) return;
    const children = await load(path.length, parent.value);
    parent.children = children.map((c) => ({ ...c, isLeaf: path.length + 1 >= levels }));
    if (children.length === 0) parent.isLeaf = true;
    setOptions((current) => [...current]);
  };

  return (
    <Cascader<Option>
      aria-label={ariaLabel}
      style={style}
      options={options}
      loadData={(path) => void loadData(path)}
      changeOnSelect
      allowClear
      showSearch={false}
      placeholder={placeholder}
      notFoundContent={notFoundContent}
      value={value.map((c) => c.value)}
      // the chosen labels are kept with the values: shown even before a deeper level has loaded
      displayRender={() => value.map((c) => c.label).join(' / ')}
      onChange={(_, selected) => onChange((selected ?? []).map((o) => ({ value: o.value, label: o.label })))}
    />
  );
}
