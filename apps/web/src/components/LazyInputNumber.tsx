import type { ComponentType } from 'react';
import type { InputNumberProps } from 'antd';
import { lazyPart } from './lazy-dialog';

/*
 * antd's InputNumber (with its decimal arithmetic about 7 KB gzip), downloaded when first shown, in
 * a module of its own (a module's lazy imports are loads of every page that imports it). Until the
 * code arrives an empty space of the field's size keeps its place; nothing stands in for the field,
 * so the keyboard never meets one control that turns into another (docs/decisions/0044).
 */
export const LazyInputNumber = lazyPart<InputNumberProps<number>>(
  // antd's InputNumber is generic over its value; this field holds numbers
  () => import('antd/es/input-number').then((m) => m.default as ComponentType<InputNumberProps<number>>),
  <span aria-busy="true" style={{ display: 'inline-block', width: 120, height: 32 }} />,
);
