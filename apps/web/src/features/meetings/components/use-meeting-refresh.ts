import { useQueryClient } from '@tanstack/react-query';
import type { MeetingDetail } from '@field-portal/shared';
import { meetingKeys } from '../api';

/** After a change in the drawer: the meeting as the server answered it, and every meeting query asked again. */
export function useMeetingRefresh(meetingId: number) {
  const client = useQueryClient();
  return (next?: MeetingDetail) => {
    if (next) client.setQueryData(meetingKeys.detail(meetingId), next);
    void client.invalidateQueries({ queryKey: meetingKeys.all });
  };
}
