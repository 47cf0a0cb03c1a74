/** The public face of tasks, visits and calls: all another area may import of it (docs/decisions/0048). */
export { activityWords, type ActivityLabelKey, type ActivityMessageKey } from './i18n';
export { BusinessRecordTimeline } from './components/BusinessRecordTimeline';
