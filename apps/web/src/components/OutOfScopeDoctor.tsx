import { useI18n } from '@/lib/i18n';
import { Text } from './Text';
import '@/lib/i18n/messages/doctor-out-of-scope';

/**
 * What a row (a task, a visit, a meeting attendee) shows in place of a doctor outside the
 * reader's data scope: the server names no such doctor, so there is nothing to link to
 * (docs/decisions/0036).
 */
export function OutOfScopeDoctor() {
  const { msg } = useI18n();
  return (
    <Text type="secondary" className="fp-doctor-out-of-scope" data-testid="doctor-out-of-scope">
      {msg('dataScope.doctorOutOfScope')}
    </Text>
  );
}
