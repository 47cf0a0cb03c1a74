/**
 * The customer area (issue 14; spec 001 sections 2.4, 3, 5, 6, 7.4 and 9): doctors, hospitals,
 * add-doctor lookups, tags, corrections, distributions and the user's medicines.
 * Paths of spec 7.4 are kept verbatim under /API-SALEA; the others are named plainly beside them.
 * Envelope: { code, msg, result }. Lists page by keyset: send back `nextCursor` as `cursor`.
 */

const S = '/API-SALEA';

export const CUSTOMERS_PATHS = {
  doctor: {
    /** GET DoctorListQuery → DoctorPage. */
    list: `${S}/doctorInfo/v3/getDoctorList`,
    /** GET { doctorId } → DoctorInfo; 404 outside the caller's scope. */
    info: `${S}/doctorInfo/v3/getDoctorInfo`,
    /** POST OverrideModeRequest → DoctorInfo. */
    modifyOverrideMode: `${S}/doctorInfo/v3/modifyOverrideMode`,
    /** GET (as the spec shows) UpdatePhoneQuery → DoctorInfo. */
    updatePhone: `${S}/sales-ai/home/doctor/updateContactInformationPhone`,
    /** GET HospitalPickQuery → HospitalOption[]: hospitals in the caller's scope for pickers. */
    queryXjpHospital: `${S}/sales-ai/home/doctor/queryXjpHospital`,
    /** GET { hospitalId? } → DepartmentNode[]: the department tree (only departments with doctors at the hospital when given). */
    queryDepartment: `${S}/sales-ai/home/doctor/v2/queryDepartment`,
    /** GET → CodeOption[]: positions of an affiliation. */
    position: `${S}/standard/getDoctorPosition`,
    /** GET { doctorId } → WecomLink: the doctor's enterprise-chat contact. */
    wecom: `${S}/wx/cp/findByDoctorId`,
    /** GET DistributionQuery → Distribution: top 10 (spec 001 section 9) over the caller's scope and the filters. */
    distribution: `${S}/doctorInfo/v3/distribution`,
    /** GET DoctorFilterQuery → .xlsx of the filtered doctors in scope (at most CUSTOMERS_LIMITS.exportMax rows). */
    export: `${S}/doctorInfo/v3/export`,
    /** POST CorrectionRequest → CorrectionRow. */
    correction: `${S}/doctorInfo/v3/correction`,
    /** GET CorrectionListQuery → Page<CorrectionRow>: reviewers see all in scope, others their own. */
    correctionList: `${S}/doctorInfo/v3/correction/list`,
    /** POST CorrectionDecisionRequest → CorrectionRow (reviewers). */
    correctionAccept: `${S}/doctorInfo/v3/correction/:id/accept`,
    correctionReject: `${S}/doctorInfo/v3/correction/:id/reject`,
  },
  hospital: {
    /** GET { hospitalId } → GenderSplit of the hospital's doctors. */
    gender: `${S}/sales-ai/home/hospital/findHospitalGender`,
    /** GET → RegionOption[]: provinces of the hospitals in the caller's scope. */
    province: `${S}/sales-ai/home/hospital/findProvince`,
    /** GET { provinceCode } → RegionOption[] (cities of hospitals in scope). */
    city: `${S}/sales-ai/home/hospital/findCity`,
    /** GET { cityCode } → RegionOption[] (counties of hospitals in scope). */
    county: `${S}/sales-ai/home/hospital/findCounty`,
    /** GET HospitalListQuery → HospitalPage. */
    list: `${S}/sales-ai/home/hospital/findList`,
    /** GET HospitalFilterQuery → { count } (exact: hospitals are few). */
    count: `${S}/sales-ai/home/hospital/count`,
    /** GET { id } → HospitalDetail; 404 outside the caller's scope. */
    byId: `${S}/sales-ai/home/hospital/findById`,
    /** GET HospitalFilterQuery → .xlsx. */
    export: `${S}/sales-ai/home/hospital/export`,
    /** GET (as the spec shows) CoverageQuery → HospitalDetail. */
    coverage: `${S}/doctorInformation/updateHospitalCoverage`,
  },
  add: {
    /** GET → DepartmentOption[] (level 1). */
    oneLevelDepartment: `${S}/sales-ai/add/doctor/findOneLevelDepartment`,
    /** GET { parentCode } → DepartmentOption[] (level 2). */
    twoLevelDepartment: `${S}/sales-ai/add/doctor/findTwoLevelDepartment`,
    /** GET → CodeOption[] (正高级 …). */
    titleLevel: `${S}/sales-ai/add/doctor/findDoctorTitleLevel`,
    /** GET { levelCode? } → TitleOption[]. */
    title: `${S}/sales-ai/add/doctor/findDoctorTitle`,
    /** GET { keyword?, dept1Code?, dept2Code? } → string[] (indications of data management). */
    indication: `${S}/sales-ai/add/doctor/findIndication`,
    /** GET → RegionOption[] (every mainland province). */
    province: `${S}/sales-ai/add/doctor/findProvince`,
    /** GET { provinceCode } → RegionOption[]. */
    city: `${S}/sales-ai/add/doctor/findCity`,
    /** GET { cityCode } → RegionOption[]. */
    county: `${S}/sales-ai/add/doctor/findCounty`,
    /** GET HospitalPickQuery → HospitalOption[] (in scope). */
    hospital: `${S}/sales-ai/add/doctor/findHospital`,
    /** POST AddDoctorRequest → DoctorInfo; 409 customers.doctor.duplicate naming the existing doctor. */
    addDoctor: `${S}/sales-ai/add/doctor/addDoctor`,
  },
  tag: {
    /** GET → TagRow[]: shared tags and the caller's personal tags, with doctor counts in scope. */
    list: `${S}/tag/doctor/list`,
    /** POST TagCreateRequest → TagRow. */
    add: `${S}/tag/doctor/add`,
    /** PUT TagUpdateRequest → TagRow. */
    update: `${S}/tag/doctor/update`,
    /** DELETE ?id= → {}. */
    remove: `${S}/tag/doctor/delete`,
    /** POST DoctorTagUpdateRequest → DoctorTagUpdateResult: tag listed doctors or a whole filtered set. */
    doctorTagUpdate: `${S}/tag/doctorTagUpdate`,
  },
  /** GET → MedicineOption[]: the caller's medicines. */
  userMedicine: `${S}/permission/username/medicine`,
} as const;

/** Menu authorities (menus.code) the calls need. */
export const CUSTOMERS_AUTHORITIES = {
  doctor: ['customer:doctorTeamManager', 'customer:totaldoctor', 'customer:doctorLabel', 'customer:businessRecord', 'doctor:doctorList'],
  hospital: ['customer:totalHospital', 'customer:hospitalTeamManager', 'customer:hospitalDetail', 'dataManage:userPermission'],
  /** Hospital coverage is decided by keepers of customer master data. */
  coverage: 'dataManage:customerData',
  tag: ['customer:doctorLabel', 'customer:doctorTeamManager', 'customer:totaldoctor'],
  /** Reviewers of corrections and keepers of shared tags: customer master data (数据管理 → 客户主数据). */
  master: 'dataManage:customerData',
} as const;
