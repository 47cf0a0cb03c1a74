import { useQueryClient } from '@tanstack/react-query';
import { App as AntApp, Tag } from 'antd';
import type { DoctorRow } from '@field-portal/shared';
import { describeFailure } from '@/lib/http';
import { useI18n } from '@/lib/i18n';
import { customersApi } from '../api/customers-api';
import '@/lib/i18n/areas/customers';
import '@/lib/i18n/messages/customers';
import { Text } from '@/components/Text';

/** A doctor's tags; closing one takes it off this doctor. */
export function DoctorTags({ doctor }: { doctor: Pick<DoctorRow, 'id' | 'tags'> }) {
  const { t, lang } = useI18n();
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
