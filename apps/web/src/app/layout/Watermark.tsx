import { useEffect } from 'react';
import { mountWatermark } from '@/lib/watermark';

/** Watermark "username firstName" on routes flagged for it (spec 001 section 2.1). */
export function Watermark({ text }: { text: string }) {
  useEffect(() => mountWatermark(text), [text]);
  return null;
}
