import { Button, Tag, Typography } from 'antd';
import { useCustomersWords } from '@/features/customers/i18n';
import { formatTotal } from '@/lib/format';
import { DATA } from '@/lib/data-text';

const { Text } = Typography;

/** One chosen filter: its name, what was chosen, and how to drop it (none for a required filter). */
export interface FilterChip {
  key: string;
  label: string;
  value: string;
  /** The value is data as written (a place, a hospital, the search's text), not a label. */
  data?: boolean;
  onClose?: () => void;
}

/** The search box's text as a chip: data as typed, closed by emptying the box. */
export const searchChip = (label: string, search: string, onClose: () => void): FilterChip => ({ key: 'search', label, value: search, data: true, onClose });

/** Counted rows: those matching the filters and all in the caller's scope, each possibly capped. */
export interface ScopeCount {
  matched: number;
  matchedCapped: boolean;
  scope: number;
  scopeCapped: boolean;
}

/** The matched rows are all those in scope: the same number, both capped or neither. */
function sameCount(count: ScopeCount): boolean {
  return count.matched === count.scope && count.matchedCapped === count.scopeCapped;
}

/**
 * The filters as chips and a count that explains them: "1,203 of 48,211 doctors in your scope", or
 * "48,211 doctors in your scope" when the filters leave every one.
 * The chips say why the list holds what it holds; closing one widens it again.
 */
export function FilterChips({
  chips,
  count,
  stale = false,
  noun,
  onClearAll,
}: {
  chips: FilterChip[];
  count?: ScopeCount;
  /** The count is the previous filters' while the list for the new ones loads: dimmed and marked busy. */
  stale?: boolean;
  noun: 'doctors' | 'hospitals';
  onClearAll?: () => void;
}) {
  const { t } = useCustomersWords();
  const closable = chips.filter((c) => c.onClose);
  const countText = (c: ScopeCount) => {
    const scope = formatTotal(c.scope, c.scopeCapped);
    // When nothing narrows the list the two figures are the same ("10,000+ of 10,000+"): one says it.
    if (sameCount(c)) return t(noun === 'doctors' ? 'customers.count.doctorsAll' : 'customers.count.hospitalsAll', { scope });
    return t(noun === 'doctors' ? 'customers.count.doctors' : 'customers.count.hospitals', {
      matched: formatTotal(c.matched, c.matchedCapped),
      scope,
    });
  };
  return (
    <div className="fp-cust-chips" aria-label={t('customers.filters.chosen')}>
      <Text className={stale ? 'fp-cust-count fp-cust-count-stale' : 'fp-cust-count'} data-testid="scope-count" aria-busy={stale || !count}>
        {count ? countText(count) : t('common.loading')}
      </Text>
      {chips.map((chip) => (
        <Tag
          key={chip.key}
          className="fp-cust-chip"
          closable={Boolean(chip.onClose)}
          onClose={(e) => {
            e.preventDefault();
            chip.onClose?.();
          }}
          closeIcon={chip.onClose ? undefined : false}
        >
          <span className="fp-cust-chip-label">{chip.label}:</span> <span {...(chip.data ? DATA : {})}>{chip.value}</span>
        </Tag>
      ))}
      {closable.length > 1 && onClearAll ? (
        <Button size="small" type="link" onClick={onClearAll}>
          {t('customers.filters.clearAll')}
        </Button>
      ) : null}
    </div>
  );
}
