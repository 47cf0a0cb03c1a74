import { DOCTOR_OUT_OF_SCOPE_MESSAGES } from '@field-portal/shared';
import { defineWords, wordsHook } from '@/lib/i18n';
import { Typography } from 'antd';

const { Text } = Typography;

/**
 * What a row (a task, a visit, a meeting attendee) shows in place of a doctor outside the
 * reader's data scope: the server names no such doctor, so there is nothing to link to
 * (docs/decisions/0036).
 */
// Its one message comes with it, to whichever area's screen shows it.
const useOutOfScopeWords = wordsHook(defineWords({ zh: {}, en: {} }, DOCTOR_OUT_OF_SCOPE_MESSAGES));

export function OutOfScopeDoctor() {
  const { msg } = useOutOfScopeWords();
  return (
    <Text type="secondary" className="fp-doctor-out-of-scope" data-testid="doctor-out-of-scope">
      {msg('dataScope.doctorOutOfScope')}
    </Text>
  );
}
