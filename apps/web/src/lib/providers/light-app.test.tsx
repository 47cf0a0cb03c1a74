import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
// `App.useApp` of antd's ES modules, as the build and the dev server resolve `antd` (the test
// runner resolves the bare `antd` to its CommonJS copy, with a context of its own).
import useApp from 'antd/es/app/useApp';
import { afterEach, describe, expect, it } from 'vitest';
import { LightApp } from '@/lib/providers/light-app';

function Screen() {
  const { message, modal } = useApp();
  return (
    <>
      <Button onClick={() => void message.success('已保存')}>toast</Button>
      <Button
        onClick={() =>
          void modal.confirm({ title: '确定删除吗？', onOk: () => void message.info('已删除', 5) }).then(
            (confirmed) => {
              if (!confirmed) void message.info('已取消', 5);
            },
            () => undefined,
          )
        }
      >
        ask
      </Button>
    </>
  );
}

const show = () =>
  render(
    <ConfigProvider>
      <LightApp message={{ duration: 5 }}>
        <Screen />
      </LightApp>
    </ConfigProvider>,
  );

describe('LightApp: antd App.useApp() with the holders loaded on first use', () => {
  afterEach(cleanup);

  it("wraps the screens in antd's app class and opens with no toast or dialog holder", () => {
    const { container } = show();
    expect(container.querySelector('.ant-app')).not.toBeNull();
    expect(document.querySelector('.ant-message')).toBeNull();
  });

  it('shows a toast asked for before the holders were loaded', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'toast' }));
    // The first use loads the holders' module (transformed on demand here: allow for a busy machine).
    expect(await screen.findByText('已保存', undefined, { timeout: 15_000 })).toBeTruthy();
  });

  it("opens a confirmation and passes on the user's answer", async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    expect((await screen.findAllByText('确定删除吗？', undefined, { timeout: 15_000 })).length).toBeGreaterThan(0);
    fireEvent.click(screen.getAllByRole('button').find((b) => /取\s*消|Cancel/.test(b.textContent ?? ''))!);
    expect(await screen.findByText('已取消', undefined, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('已删除')).toBeNull());
  });
});
