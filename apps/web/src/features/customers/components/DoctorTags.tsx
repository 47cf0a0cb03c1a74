import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Tag, Typography } from 'antd';
import type { DoctorRow } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { useCustomersWords } from '@/features/customers/i18n';
import { customersApi } from '../api/customers-api';

const { Text } = Typography;

/** A doctor's tags; closing one takes it off this doctor. */
export function DoctorTags({ doctor }: { doctor: Pick<DoctorRow, 'id' | 'tags'> }) {
  const { t, lang } = useCustomersWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  if (doctor.tags.length === 0) return <Text type="secondary">{t('customers.tags.none')}</Text>;
  const untag = async (tagId: number) => {
    try {
      await customersApi.untagDoctor(tagId, doctor.id);
      await client.invalidateQueries({ queryKey: ['customers'] });
    } catch (failure) {
      void message.error(describeFailure(failure, lang));
    }
  };
  return (
    <span className="fp-cust-tags">
      {doctor.tags.map((tag) => (
        <Tag
          key={tag.id}
          color={tag.shared ? 'blue' : 'purple'}
          closable
          onClose={(e) => {
            e.preventDefault();
            void untag(tag.id);
          }}
        >
          {tag.name}
        </Tag>
      ))}
    </span>
  );
}
