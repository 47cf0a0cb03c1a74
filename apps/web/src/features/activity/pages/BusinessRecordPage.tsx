import { useParams } from 'react-router';
import { Card } from 'antd';
import { useI18n } from '@/lib/i18n';
import { BusinessRecordTimeline } from '../components/BusinessRecordTimeline';

/**
 * /customer/businessRecord/:doctorId/:doctorName until the customers area's page shell takes
 * this route: the doctor's name and the timeline (which that shell embeds).
 */
export function BusinessRecordPage() {
  const { t } = useI18n();
  const { doctorId, doctorName } = useParams();
  const id = Number(doctorId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  return (
    <Card className="fp-activity-screen" title={`${t('activity.business.title')} · ${doctorName ?? ''}`}>
      <BusinessRecordTimeline key={id} doctorId={id} doctorName={doctorName ?? ''} />
    </Card>
  );
}
