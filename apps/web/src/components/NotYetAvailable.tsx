import { Card, Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { localName, useI18n } from '@/lib/i18n';

/** A page the portal does not have yet: says so plainly under its title, never shows made-up data. */
export function NotYetAvailable({ title }: { title: { name: string; nameEn: string } }) {
  const { lang, msg } = useI18n();
  return (
    <Card className="fp-page-card">
      <Result icon={<ClockCircleOutlined className="fp-unavailable-icon" />} title={localName(title, lang)} subTitle={msg('page.notYetAvailable')} />
    </Card>
  );
}
