import { useEffect, useState } from 'react';
import { Input, Tooltip } from 'antd';
import { SIDEBAR_SEARCH_THROTTLE_MS } from '@field-portal/shared';
import { pageSearchStore, throttle, usePageSearchTarget, type PageSearchTarget } from '@/lib/page-search';

/** The box itself, for one registered page: typing pushes to the page at most once per 2 s (spec 001 sections 2.7, 9). */
function Box({ target }: { target: PageSearchTarget }) {
  const [text, setText] = useState(target.value);
  const [problem, setProblem] = useState<string | undefined>();
  // the page registered when the value leaves the throttle is the one that receives it
  const [pusher] = useState(() => throttle((value: string) => pageSearchStore.get()?.onSearch(value), SIDEBAR_SEARCH_THROTTLE_MS));
  useEffect(() => () => pusher.cancel(), [pusher]);
  // the page changed its value itself (a chip closed, filters reset): show it
  const [seen, setSeen] = useState(target.value);
  if (seen !== target.value) {
    setSeen(target.value);
    if (target.value !== text.trim()) setText(target.value);
  }

  const change = (value: string) => {
    setText(value);
    const message = target.check?.(value);
    setProblem(message);
    if (message) pusher.cancel();
    else pusher.push(value.trim());
  };

  return (
    <Tooltip open={Boolean(problem)} title={problem} color="red" placement="bottom">
      <Input.Search
        className="fp-topbar-search"
        allowClear
        value={text}
        status={problem ? 'error' : undefined}
        placeholder={target.placeholder}
        aria-label={target.placeholder}
        onChange={(e) => change(e.target.value)}
        onSearch={(value) => change(value)}
      />
    </Tooltip>
  );
}

/** The top bar's optional search box: shown while the page on screen has a search. */
export function PageSearchBox() {
  const target = usePageSearchTarget();
  return target ? <Box key={target.key} target={target} /> : null;
}
