import type { KeyboardEvent, ReactNode } from 'react';
import type { CardType } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';
import { CARD_TEMPLATES } from '../templates';

/** Small drawings of the five layouts (the same shapes CardItem renders). */
const LINE = '#c9d1de';
const PICTURE = '#9fb7e6';
const THUMBNAILS: Record<CardType, ReactNode> = {
  0: (
    <>
      <rect x="8" y="8" width="44" height="4" rx="2" fill={LINE} />
      <rect x="8" y="16" width="48" height="26" rx="3" fill={PICTURE} />
      <circle cx="32" cy="29" r="7" fill="#fff" opacity="0.95" />
      <path d="M30 25.5 L35.5 29 L30 32.5 Z" fill={PICTURE} />
      <rect x="8" y="47" width="40" height="3" rx="1.5" fill={LINE} />
    </>
  ),
  1: (
    <>
      <rect x="8" y="12" width="28" height="4" rx="2" fill={LINE} />
      <rect x="8" y="20" width="24" height="3" rx="1.5" fill={LINE} />
      <rect x="8" y="26" width="26" height="3" rx="1.5" fill={LINE} />
      <rect x="40" y="11" width="16" height="18" rx="2" fill={PICTURE} />
      <rect x="8" y="40" width="48" height="3" rx="1.5" fill={LINE} />
    </>
  ),
  2: (
    <>
      <rect x="8" y="8" width="40" height="4" rx="2" fill={LINE} />
      <rect x="8" y="16" width="48" height="27" rx="3" fill={PICTURE} />
      <rect x="8" y="47" width="34" height="3" rx="1.5" fill={LINE} />
    </>
  ),
  3: (
    <>
      <rect x="8" y="8" width="40" height="4" rx="2" fill={LINE} />
      <rect x="8" y="18" width="15" height="15" rx="2" fill={PICTURE} />
      <rect x="24.5" y="18" width="15" height="15" rx="2" fill={PICTURE} />
      <rect x="41" y="18" width="15" height="15" rx="2" fill={PICTURE} />
      <rect x="8" y="39" width="36" height="3" rx="1.5" fill={LINE} />
    </>
  ),
  4: (
    <>
      <rect x="8" y="8" width="34" height="4" rx="2" fill={LINE} />
      <rect x="8" y="17" width="48" height="3" rx="1.5" fill={LINE} />
      <rect x="8" y="23" width="46" height="3" rx="1.5" fill={LINE} />
      <rect x="8" y="29" width="48" height="3" rx="1.5" fill={LINE} />
      <rect x="8" y="35" width="30" height="3" rx="1.5" fill={LINE} />
      <rect x="8" y="46" width="20" height="3" rx="1.5" fill={PICTURE} />
    </>
  ),
};

interface TemplatePickerProps {
  value: CardType;
  onChange: (type: CardType) => void;
  disabled?: boolean;
}

/** The five card templates (index 0 to 4), each with a small drawing and its name. */
export function TemplatePicker({ value, onChange, disabled = false }: TemplatePickerProps) {
  const { t } = useI18n();
  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowDown' || event.key === 'ArrowRight' ? 1 : event.key === 'ArrowUp' || event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = CARD_TEMPLATES[(index + step + CARD_TEMPLATES.length) % CARD_TEMPLATES.length]!;
    onChange(next.type);
    const group = event.currentTarget.parentElement;
    (group?.querySelector(`[data-template="${next.type}"]`) as HTMLElement | null)?.focus();
  };
  return (
    <div className="fp-template-list" role="radiogroup" aria-label={t('cards.templates')}>
      {CARD_TEMPLATES.map((template, index) => {
        const selected = template.type === value;
        return (
          <button
            key={template.type}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            data-template={template.type}
            className={`fp-template${selected ? ' is-selected' : ''}`}
            disabled={disabled}
            onClick={() => onChange(template.type)}
            onKeyDown={(event) => move(event, index)}
          >
            <svg className="fp-template-drawing" viewBox="0 0 64 56" aria-hidden="true">
              <rect x="0.5" y="0.5" width="63" height="55" rx="6" fill="#fff" stroke="#dfe4ec" />
              {THUMBNAILS[template.type]}
            </svg>
            <span className="fp-template-name">{t(template.label)}</span>
          </button>
        );
      })}
    </div>
  );
}
