import { SEARCH_MAX_CONDITIONS } from '../../constants.js';
import type { MessageText } from '../../message-text.js';
import { DOCTOR_OUT_OF_SCOPE_MESSAGES } from './out-of-scope.js';
import { CUSTOMERS_LIMITS as L } from './limits.js';

/* ---------- messages ---------- */

export const CUSTOMERS_MESSAGES = {
  'customers.doctorRange.required': { zh: '请选择医生范围', en: 'Please choose the doctor range' },
  'customers.search.tooMany': {
    zh: `搜索条件最多 ${SEARCH_MAX_CONDITIONS} 个,以空格分隔`,
    en: `At most ${SEARCH_MAX_CONDITIONS} search conditions, separated by spaces`,
  },
  'customers.code.invalid': { zh: '{field} 的编码格式不正确', en: 'The code of {field} is invalid' },
  'customers.code.unknown': { zh: '{field} 的编码 {code} 不存在', en: 'The code {code} of {field} does not exist' },
  'customers.doctor.noPanoramic': { zh: '您没有该医生的全景视图权限', en: 'You do not have permission on panoramic view of this doctor' },
  ...DOCTOR_OUT_OF_SCOPE_MESSAGES,
  'customers.doctor.nameRequired': { zh: '请输入医生姓名', en: 'Please enter the doctor name' },
  'customers.doctor.deptRequired': { zh: '请选择一级科室', en: 'Please choose the level-1 department' },
  'customers.doctor.titleRequired': { zh: '请选择职称', en: 'Please choose the title' },
  'customers.doctor.duplicate': {
    zh: '医生已存在:{name}({hospital} {department}),编号 {id}',
    en: 'The doctor already exists: {name} ({hospital}, {department}), id {id}',
  },
  'customers.dept2.mismatch': { zh: '二级科室 {code} 不属于所选一级科室', en: 'The level-2 department {code} is not under the chosen level-1 department' },
  'customers.hospital.unknown': { zh: '医院不存在或不在您的数据权限内', en: 'The hospital does not exist or is outside your data permissions' },
  'customers.indication.unknown': { zh: '适应症 {name} 不存在', en: 'The indication {name} does not exist' },
  'customers.phone.invalid': { zh: '请填写正确的手机号码', en: 'Please enter a valid mobile number' },
  'customers.correction.contentRequired': { zh: '纠正内容不能为空', en: 'The correction content must not be empty' },
  'customers.correction.notPending': { zh: '该纠错已处理,不能再次审核', en: 'This correction has already been decided' },
  'customers.correction.pending': { zh: '纠错待审核', en: 'Pending correction' },
  'customers.correction.accepted': { zh: '纠错已采纳', en: 'Correction accepted' },
  'customers.correction.rejected': { zh: '纠错已驳回', en: 'Correction rejected' },
  'customers.tag.nameRequired': { zh: '请输入标签名称', en: 'Please enter the tag name' },
  'customers.tag.duplicate': { zh: '标签名称已存在', en: 'This tag name already exists' },
  'customers.tag.sharedForbidden': { zh: '只有客户主数据管理员可以管理共享标签', en: 'Only keepers of customer master data can manage shared tags' },
  'customers.tag.tooMany': { zh: `每人最多 ${L.tagsPerUserMax} 个个人标签`, en: `At most ${L.tagsPerUserMax} personal tags per user` },
  'customers.tag.unknown': { zh: '标签 {id} 不存在', en: 'The tag {id} does not exist' },
  'customers.tag.targetRequired': { zh: '请选择医生或筛选条件(二选一)', en: 'Choose either doctors or a filter' },
  'customers.tag.nothing': { zh: '请选择要添加或移除的标签', en: 'Choose tags to add or remove' },
  'customers.tag.setTooLarge': {
    zh: '一次最多为 {max} 位医生打标签,当前筛选结果超过此数,请缩小范围',
    en: 'At most {max} doctors can be tagged at once; the filter matches more, narrow it down',
  },
  'customers.tag.updated': { zh: '标签已更新', en: 'Tags updated' },
  'customers.export.tooLarge': { zh: '一次最多导出 {max} 位医生,请缩小范围', en: 'At most {max} doctors can be exported at once; narrow the filter' },
} as const satisfies Record<string, MessageText>;
