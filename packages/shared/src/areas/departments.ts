/**
 * The clinical department taxonomy (《医疗机构诊疗科目名录》 codes, level 1 and level 2), the
 * professional directions and the indications by department: reference data of the customer
 * area, kept once for server (seeded into the reference tables) and web (labels).
 */

import type { Lang } from '../constants.js';

type Dept = [code: string, name: string, nameEn: string, children?: [string, string, string][]];

/** The clinical department taxonomy, level 1 and level 2 (《医疗机构诊疗科目名录》 codes). */
export const DEPARTMENT_TREE: Dept[] = [
  ['01', '预防保健科', 'Preventive care'],
  ['02', '全科医疗科', 'General practice'],
  [
    '03',
    '内科',
    'Internal medicine',
    [
      ['03.01', '呼吸内科专业', 'Respiratory medicine'],
      ['03.02', '消化内科专业', 'Gastroenterology'],
      ['03.03', '神经内科专业', 'Neurology'],
      ['03.04', '心血管内科专业', 'Cardiology'],
      ['03.05', '血液内科专业', 'Haematology'],
      ['03.06', '肾病学专业', 'Nephrology'],
      ['03.07', '内分泌专业', 'Endocrinology'],
      ['03.08', '免疫学专业', 'Immunology'],
      ['03.09', '变态反应专业', 'Allergy'],
      ['03.10', '老年病专业', 'Geriatrics'],
      ['03.11', '其他', 'Other internal medicine'],
    ],
  ],
  [
    '04',
    '外科',
    'Surgery',
    [
      ['04.01', '普通外科专业', 'General surgery'],
      ['04.02', '神经外科专业', 'Neurosurgery'],
      ['04.03', '骨科专业', 'Orthopaedics'],
      ['04.04', '泌尿外科专业', 'Urology'],
      ['04.05', '胸外科专业', 'Thoracic surgery'],
      ['04.06', '心脏大血管外科专业', 'Cardiac and great vessel surgery'],
      ['04.07', '烧伤科专业', 'Burns'],
      ['04.08', '整形外科专业', 'Plastic surgery'],
      ['04.09', '其他', 'Other surgery'],
    ],
  ],
  [
    '05',
    '妇产科',
    'Obstetrics and gynaecology',
    [
      ['05.01', '妇科专业', 'Gynaecology'],
      ['05.02', '产科专业', 'Obstetrics'],
      ['05.03', '计划生育专业', 'Family planning'],
      ['05.04', '优生学专业', 'Eugenics'],
      ['05.05', '生殖健康与不孕症专业', 'Reproductive health and infertility'],
      ['05.06', '其他', 'Other obstetrics and gynaecology'],
    ],
  ],
  ['06', '妇女保健科', "Women's health care"],
  [
    '07',
    '儿科',
    'Paediatrics',
    [
      ['07.01', '新生儿专业', 'Neonatology'],
      ['07.02', '小儿传染病专业', 'Paediatric infectious diseases'],
      ['07.03', '小儿消化专业', 'Paediatric gastroenterology'],
      ['07.04', '小儿呼吸专业', 'Paediatric respiratory medicine'],
      ['07.05', '小儿心脏病专业', 'Paediatric cardiology'],
      ['07.06', '小儿肾病专业', 'Paediatric nephrology'],
      ['07.07', '小儿血液病专业', 'Paediatric haematology'],
      ['07.08', '小儿神经病学专业', 'Paediatric neurology'],
      ['07.09', '小儿内分泌专业', 'Paediatric endocrinology'],
      ['07.10', '小儿遗传病专业', 'Paediatric genetic diseases'],
      ['07.11', '小儿免疫专业', 'Paediatric immunology'],
      ['07.12', '其他', 'Other paediatrics'],
    ],
  ],
  [
    '08',
    '小儿外科',
    'Paediatric surgery',
    [
      ['08.01', '小儿普通外科专业', 'Paediatric general surgery'],
      ['08.02', '小儿骨科专业', 'Paediatric orthopaedics'],
      ['08.03', '小儿泌尿外科专业', 'Paediatric urology'],
      ['08.04', '小儿胸心外科专业', 'Paediatric cardiothoracic surgery'],
      ['08.05', '小儿神经外科专业', 'Paediatric neurosurgery'],
      ['08.06', '其他', 'Other paediatric surgery'],
    ],
  ],
  ['09', '儿童保健科', "Children's health care"],
  ['10', '眼科', 'Ophthalmology'],
  [
    '11',
    '耳鼻咽喉科',
    'Otorhinolaryngology',
    [
      ['11.01', '耳科专业', 'Otology'],
      ['11.02', '鼻科专业', 'Rhinology'],
      ['11.03', '咽喉科专业', 'Laryngology'],
      ['11.04', '其他', 'Other otorhinolaryngology'],
    ],
  ],
  [
    '12',
    '口腔科',
    'Stomatology',
    [
      ['12.01', '牙体牙髓病专业', 'Endodontics'],
      ['12.02', '牙周病专业', 'Periodontics'],
      ['12.03', '口腔粘膜病专业', 'Oral mucosal diseases'],
      ['12.04', '儿童口腔专业', 'Paediatric dentistry'],
      ['12.05', '口腔颌面外科专业', 'Oral and maxillofacial surgery'],
      ['12.06', '口腔修复专业', 'Prosthodontics'],
      ['12.07', '口腔正畸专业', 'Orthodontics'],
      ['12.08', '口腔种植专业', 'Oral implantology'],
      ['12.09', '其他', 'Other stomatology'],
    ],
  ],
  [
    '13',
    '皮肤科',
    'Dermatology',
    [
      ['13.01', '皮肤病专业', 'Skin diseases'],
      ['13.02', '性传播疾病专业', 'Sexually transmitted diseases'],
      ['13.03', '其他', 'Other dermatology'],
    ],
  ],
  ['14', '医疗美容科', 'Medical cosmetology'],
  [
    '15',
    '精神科',
    'Psychiatry',
    [
      ['15.01', '精神病专业', 'Psychosis'],
      ['15.02', '精神卫生专业', 'Mental health'],
      ['15.03', '药物依赖专业', 'Drug dependence'],
      ['15.04', '精神康复专业', 'Psychiatric rehabilitation'],
      ['15.05', '社区防治专业', 'Community prevention'],
      ['15.06', '临床心理专业', 'Clinical psychology'],
      ['15.07', '司法精神专业', 'Forensic psychiatry'],
      ['15.08', '其他', 'Other psychiatry'],
    ],
  ],
  [
    '16',
    '传染科',
    'Infectious diseases',
    [
      ['16.01', '肠道传染病专业', 'Intestinal infectious diseases'],
      ['16.02', '呼吸道传染病专业', 'Respiratory infectious diseases'],
      ['16.03', '肝炎专业', 'Hepatitis'],
      ['16.04', '虫媒传染病专业', 'Vector-borne diseases'],
      ['16.05', '动物源性传染病专业', 'Zoonoses'],
      ['16.06', '蠕虫病专业', 'Helminthiasis'],
      ['16.07', '其他', 'Other infectious diseases'],
    ],
  ],
  ['17', '结核病科', 'Tuberculosis'],
  ['18', '地方病科', 'Endemic diseases'],
  ['19', '肿瘤科', 'Oncology'],
  ['20', '急诊医学科', 'Emergency medicine'],
  ['21', '康复医学科', 'Rehabilitation medicine'],
  ['22', '运动医学科', 'Sports medicine'],
  ['23', '职业病科', 'Occupational diseases'],
  ['24', '临终关怀科', 'Hospice care'],
  ['25', '特种医学与军事医学科', 'Special and military medicine'],
  ['26', '麻醉科', 'Anaesthesiology'],
  ['27', '疼痛科', 'Pain medicine'],
  ['28', '重症医学科', 'Critical care medicine'],
  ['30', '医学检验科', 'Laboratory medicine'],
  ['31', '病理科', 'Pathology'],
  [
    '32',
    '医学影像科',
    'Medical imaging',
    [
      ['32.01', 'X线诊断专业', 'X-ray diagnosis'],
      ['32.02', 'CT诊断专业', 'CT diagnosis'],
      ['32.03', '磁共振成像诊断专业', 'MRI diagnosis'],
      ['32.04', '核医学专业', 'Nuclear medicine'],
      ['32.05', '超声诊断专业', 'Ultrasound diagnosis'],
      ['32.06', '心电诊断专业', 'Electrocardiography'],
      ['32.07', '脑电及脑血流图诊断专业', 'Electroencephalography'],
      ['32.08', '神经肌肉电图专业', 'Electromyography'],
      ['32.09', '介入放射学专业', 'Interventional radiology'],
      ['32.10', '放射治疗专业', 'Radiotherapy'],
      ['32.11', '其他', 'Other medical imaging'],
    ],
  ],
  [
    '50',
    '中医科',
    'Traditional Chinese medicine',
    [
      ['50.01', '内科专业', 'TCM internal medicine'],
      ['50.02', '外科专业', 'TCM surgery'],
      ['50.03', '妇产科专业', 'TCM gynaecology'],
      ['50.04', '儿科专业', 'TCM paediatrics'],
      ['50.05', '皮肤科专业', 'TCM dermatology'],
      ['50.09', '肿瘤科专业', 'TCM oncology'],
      ['50.10', '骨伤科专业', 'TCM orthopaedics and traumatology'],
      ['50.13', '针灸科专业', 'Acupuncture'],
      ['50.14', '推拿科专业', 'Tuina'],
      ['50.18', '其他', 'Other TCM'],
    ],
  ],
  ['51', '民族医学科', 'Ethnic medicine'],
  ['52', '中西医结合科', 'Integrated Chinese and Western medicine'],
];

/** A department code (level 1 or 2) named in a language from the taxonomy, or undefined when it is not there. */
export function departmentNameOf(code: string, lang: Lang): string | undefined {
  for (const [c1, n1, e1, children] of DEPARTMENT_TREE) {
    if (c1 === code) return lang === 'en' ? e1 : n1;
    const child = children?.find(([c2]) => c2 === code);
    if (child) return lang === 'en' ? child[2] : child[1];
  }
  return undefined;
}

/** Level-2 department names (in Chinese) that several level-1 departments share: 其他. */
const SHARED_SUBDEPARTMENT_NAMES: ReadonlySet<string> = new Set(
  [
    ...DEPARTMENT_TREE.flatMap(([, , , children]) => children ?? []).reduce(
      (count, [, name]) => count.set(name, (count.get(name) ?? 0) + 1),
      new Map<string, number>(),
    ),
  ]
    .filter(([, n]) => n > 1)
    .map(([name]) => name),
);

/**
 * A department code (level 1 or 2) named so that two departments never read as one: its taxonomy
 * name, except a Chinese level-2 name several level-1 departments share (其他), which is written
 * with its parent's before it, 外科·其他. The English names already tell them apart (Other
 * surgery). A code the taxonomy does not have: undefined (the row's own name stands).
 */
export function distinctDepartmentName(code: string, lang: Lang): string | undefined {
  for (const [c1, n1, e1, children] of DEPARTMENT_TREE) {
    if (c1 === code) return lang === 'en' ? e1 : n1;
    const child = children?.find(([c2]) => c2 === code);
    if (!child) continue;
    const [, name, nameEn] = child;
    if (lang === 'en') return nameEn;
    return SHARED_SUBDEPARTMENT_NAMES.has(name) ? `${n1}·${name}` : name;
  }
  return undefined;
}

/** A department by its code in the reader's language (as `distinctDepartmentName`), else as written beside it. */
export function departmentOrWritten(code: string, written: string, lang: Lang): string {
  return distinctDepartmentName(code, lang) ?? written;
}

/** A row's department codes and the names the database gave them. */
export interface DepartmentFields {
  dept1Code: string;
  dept1Name: string;
  dept2Code: string | null;
  dept2Name: string | null;
}

/**
 * A doctor's department in a language: level 2 when there is one (a shared 其他 with its
 * department, `distinctDepartmentName`), else level 1, or both as `level 1 / level 2`; a code the
 * taxonomy does not have keeps the row's own name.
 */
export function doctorDepartmentName(row: DepartmentFields, lang: Lang, both = false): string {
  const first = departmentNameOf(row.dept1Code, lang) ?? row.dept1Name;
  const name = both ? departmentNameOf : distinctDepartmentName;
  const second = row.dept2Code ? (name(row.dept2Code, lang) ?? row.dept2Name ?? row.dept2Code) : (row.dept2Name ?? '');
  if (both) return [first, second].filter(Boolean).join(' / ');
  return second || first;
}

/** Professional directions by level-1 department (code `<dept1>-<n>`). */
export const DIRECTIONS_BY_DEPARTMENT: Record<string, [string, string][]> = {
  '03': [
    ['高血压管理', 'Hypertension management'],
    ['冠心病介入治疗', 'Coronary intervention'],
    ['心力衰竭', 'Heart failure'],
    ['糖尿病及并发症', 'Diabetes and complications'],
    ['慢性气道疾病', 'Chronic airway disease'],
    ['炎症性肠病', 'Inflammatory bowel disease'],
    ['脑血管病', 'Cerebrovascular disease'],
    ['血液肿瘤', 'Haematological malignancy'],
    ['慢性肾脏病', 'Chronic kidney disease'],
    ['风湿免疫病', 'Rheumatic disease'],
  ],
  '04': [
    ['微创外科', 'Minimally invasive surgery'],
    ['关节置换', 'Joint replacement'],
    ['脊柱外科', 'Spine surgery'],
    ['肝胆外科', 'Hepatobiliary surgery'],
    ['胃肠外科', 'Gastrointestinal surgery'],
    ['泌尿系肿瘤', 'Urological oncology'],
    ['肺癌外科', 'Lung cancer surgery'],
  ],
  '05': [
    ['妇科肿瘤', 'Gynaecological oncology'],
    ['高危妊娠', 'High-risk pregnancy'],
    ['辅助生殖', 'Assisted reproduction'],
  ],
  '07': [
    ['儿童哮喘', 'Childhood asthma'],
    ['新生儿重症', 'Neonatal intensive care'],
    ['儿童生长发育', 'Child growth and development'],
  ],
  '10': [
    ['白内障', 'Cataract'],
    ['眼底病', 'Retinal disease'],
    ['青光眼', 'Glaucoma'],
  ],
  '13': [
    ['银屑病', 'Psoriasis'],
    ['特应性皮炎', 'Atopic dermatitis'],
  ],
  '15': [
    ['抑郁障碍', 'Depressive disorder'],
    ['精神分裂症', 'Schizophrenia'],
    ['睡眠障碍', 'Sleep disorder'],
  ],
  '16': [
    ['病毒性肝炎', 'Viral hepatitis'],
    ['艾滋病', 'HIV'],
  ],
  '19': [
    ['肺癌靶向治疗', 'Targeted therapy of lung cancer'],
    ['乳腺癌综合治疗', 'Breast cancer treatment'],
    ['消化道肿瘤', 'Digestive tract cancer'],
    ['肿瘤免疫治疗', 'Cancer immunotherapy'],
  ],
  '20': [
    ['急性胸痛', 'Acute chest pain'],
    ['创伤急救', 'Trauma care'],
  ],
  '28': [
    ['脓毒症', 'Sepsis'],
    ['呼吸支持', 'Respiratory support'],
  ],
  '50': [
    ['中医心病', 'TCM cardiology'],
    ['中医脾胃病', 'TCM digestive disease'],
    ['针灸康复', 'Acupuncture rehabilitation'],
  ],
};

/** The code of a professional direction: `03-1` is the first direction of 内科. */
export const directionCode = (dept1: string, index: number) => `${dept1}-${index + 1}`;

/**
 * Indications by department (the level-2 code when it has its own list, else the level-1 code).
 * Seeded into data management's indication–department table; doctors get theirs from here.
 */
export const INDICATIONS_BY_DEPARTMENT: Record<string, string[]> = {
  '03.01': ['慢性阻塞性肺疾病', '支气管哮喘', '肺动脉高压', '特发性肺纤维化'],
  '03.02': ['溃疡性结肠炎', '克罗恩病', '慢性乙型肝炎', '胃食管反流病'],
  '03.03': ['帕金森病', '阿尔茨海默病', '癫痫', '偏头痛', '多发性硬化'],
  '03.04': ['高血压', '心力衰竭', '冠心病', '心房颤动', '高脂血症'],
  '03.05': ['多发性骨髓瘤', '淋巴瘤', '白血病', '血友病'],
  '03.06': ['慢性肾脏病', '肾性贫血', 'IgA肾病'],
  '03.07': ['2型糖尿病', '1型糖尿病', '骨质疏松症', '甲状腺功能亢进症'],
  '03.08': ['类风湿关节炎', '系统性红斑狼疮', '强直性脊柱炎'],
  '03': ['高血压', '2型糖尿病', '高脂血症'],
  '04': ['骨关节炎', '前列腺癌', '结直肠癌', '肝细胞癌'],
  '05': ['卵巢癌', '宫颈癌', '子宫内膜异位症', '不孕症'],
  '07': ['儿童哮喘', '新生儿呼吸窘迫综合征', '生长激素缺乏症'],
  '10': ['年龄相关性黄斑变性', '青光眼', '糖尿病视网膜病变'],
  '13': ['银屑病', '特应性皮炎', '慢性荨麻疹'],
  '15': ['抑郁症', '精神分裂症', '双相情感障碍'],
  '16': ['慢性乙型肝炎', '丙型肝炎', '艾滋病'],
  '19': ['非小细胞肺癌', '乳腺癌', '胃癌', '结直肠癌', '肝细胞癌'],
  '28': ['脓毒症', '急性呼吸窘迫综合征'],
  '50': ['高血压', '慢性胃炎', '失眠'],
};

/** Every indication of the lists above, once. */
export const ALL_INDICATIONS: readonly string[] = [...new Set(Object.values(INDICATIONS_BY_DEPARTMENT).flat())];

/** The indications of a department: its level-2 list, else its level-1 list, else none. */
export function indicationsOf(dept1: string, dept2: string | null | undefined): readonly string[] {
  return (dept2 ? INDICATIONS_BY_DEPARTMENT[dept2] : undefined) ?? INDICATIONS_BY_DEPARTMENT[dept1] ?? [];
}
