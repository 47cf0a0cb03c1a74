import { useCallback, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Form, Input, Modal, Radio, Select, Steps } from 'antd';
import { Link } from 'react-router';
import { describeFailure, isHttpError } from '@/lib/http';
import { useCustomersWords } from '@/features/customers/i18n';
import { CUSTOMERS_LIMITS, isDuplicateDoctor, type AddDoctorRequest, type DuplicateDoctor } from '@field-portal/shared';
import { addDoctorLookups, customersApi } from '../api/customers-api';
import type { Choice } from '../filters';
import { doctorPath } from '../routes';
import { LazyCascader } from './LazyCascader';

type Step = 0 | 1 | 2;

interface Draft {
  region: Choice[];
  hospital?: Choice;
  department: Choice[];
  titleLevel?: string;
  title?: string;
  name: string;
  gender: 0 | 1 | 2;
  phone: string;
  indications: string[];
}

const emptyDraft = (): Draft => ({ region: [], department: [], name: '', gender: 1, phone: '', indications: [] });

const toOptions = (choices: Choice[] | undefined) => (choices ?? []).map((c) => ({ value: c.value, label: c.label }));

/**
 * Adding a doctor in three steps (spec 001 section 7.4, every lookup under /sales-ai/add/doctor/):
 * where (province, city, county, hospital), what (department, title), who (name, gender, phone,
 * indications, doctor range). A doctor already there (same name, hospital and department) is
 * answered with the server's message naming them.
 */
export function AddDoctorWizard({ onClose }: { onClose: () => void }) {
  const { t, lang } = useCustomersWords();
  const { message } = AntApp.useApp();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>(0);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [hospitalKeyword, setHospitalKeyword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [existing, setExisting] = useState<DuplicateDoctor | undefined>();
  const [saving, setSaving] = useState(false);
  const patch = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));

  // The places offered are those of the hospitals in the user's scope; none at all is said, not left blank.
  const [noPlaces, setNoPlaces] = useState(false);
  const loadRegion = useCallback(async (depth: number, parent: string | null) => {
    const places = await addDoctorLookups.region(depth, parent);
    if (depth === 0) setNoPlaces(places.length === 0);
    return places;
  }, []);
  const loadDepartment = useCallback((depth: number, parent: string | null) => addDoctorLookups.department(depth, parent), []);
  const regionCode = draft.region[draft.region.length - 1]?.value;
  const hospitals = useQuery({
    queryKey: ['customers', 'add', 'hospitals', draft.region.map((c) => c.value), hospitalKeyword],
    queryFn: () =>
      addDoctorLookups.hospitals(
        draft.region.map((c) => c.value),
        hospitalKeyword,
      ),
    enabled: Boolean(regionCode),
    placeholderData: keepPreviousData,
  });
  const noHospitals = Boolean(regionCode) && !hospitalKeyword && hospitals.isSuccess && !hospitals.isPlaceholderData && hospitals.data.length === 0;
  const titleLevels = useQuery({ queryKey: ['customers', 'add', 'titleLevels', lang], queryFn: () => addDoctorLookups.titleLevels() });
  const titles = useQuery({
    queryKey: ['customers', 'add', 'titles', draft.titleLevel, lang],
    queryFn: () => addDoctorLookups.titles(draft.titleLevel),
    enabled: Boolean(draft.titleLevel),
  });
  const dept = draft.department.map((c) => c.value);
  const indications = useQuery({
    queryKey: ['customers', 'add', 'indications', dept],
    queryFn: () => addDoctorLookups.indications(dept),
    enabled: dept.length > 0,
  });

  const canNext = step === 0 ? Boolean(draft.hospital) : step === 1 ? draft.department.length > 0 && Boolean(draft.title) : true;

  const submit = async () => {
    setProblem(undefined);
    setExisting(undefined);
    setSaving(true);
    const body: AddDoctorRequest = {
      name: draft.name.trim(),
      gender: draft.gender,
      phone: draft.phone.trim(),
      hospitalId: Number(draft.hospital?.value),
      dept1Code: draft.department[0]?.value ?? '',
      dept2Code: draft.department[1]?.value ?? null,
      titleCode: draft.title ?? '',
      indications: draft.indications,
    };
    try {
      const created = await customersApi.addDoctor(body);
      void message.success(t('customers.add.done', { name: created.name }));
      await client.invalidateQueries({ queryKey: ['customers'] });
      onClose();
    } catch (failure) {
      // a duplicate (409) is the server's message naming the doctor already there
      setProblem(describeFailure(failure, lang));
      // its result is that doctor when they are inside the user's scope: offer to open them instead
      const result = isHttpError(failure) && failure.status === 409 ? (failure.body as { result?: unknown } | null)?.result : undefined;
      setExisting(isDuplicateDoctor(result) ? result : undefined);
    } finally {
      setSaving(false);
    }
  };

  const footer = [
    <Button key="cancel" onClick={onClose}>
      {t('common.cancel')}
    </Button>,
    step > 0 ? (
      <Button key="back" onClick={() => setStep((step - 1) as Step)}>
        {t('customers.add.back')}
      </Button>
    ) : null,
    step < 2 ? (
      <Button key="next" type="primary" disabled={!canNext} onClick={() => setStep((step + 1) as Step)}>
        {t('customers.add.next')}
      </Button>
    ) : (
      <Button key="save" type="primary" loading={saving} onClick={() => void submit()}>
        {t('customers.add.save')}
      </Button>
    ),
  ];

  return (
    <Modal open width={640} title={t('customers.add.title')} onCancel={onClose} footer={footer} destroyOnHidden>
      <Steps
        size="small"
        current={step}
        className="fp-cust-steps"
        items={[{ title: t('customers.add.stepWhere') }, { title: t('customers.add.stepWhat') }, { title: t('customers.add.stepWho') }]}
      />
      <Form layout="vertical">
        {step === 0 ? (
          <>
            <Form.Item
              label={t('customers.filter.region')}
              required
              validateStatus={noPlaces ? 'warning' : undefined}
              help={noPlaces ? t('customers.add.noPlaces') : undefined}
            >
              <LazyCascader
                levels={3}
                load={loadRegion}
                value={draft.region}
                onChange={(region) => patch({ region, hospital: undefined })}
                placeholder={t('customers.filter.region')}
                ariaLabel={t('customers.filter.region')}
                style={{ width: '100%' }}
                notFoundContent={t('customers.add.noPlaces')}
              />
            </Form.Item>
            <Form.Item
              label={t('customers.filter.hospital')}
              required
              validateStatus={noHospitals ? 'warning' : undefined}
              help={!regionCode ? t('customers.add.regionFirst') : noHospitals ? t('customers.add.noHospitals') : undefined}
            >
              <Select
                aria-label={t('customers.filter.hospital')}
                disabled={!regionCode}
                showSearch={{ filterOption: false, onSearch: setHospitalKeyword }}
                notFoundContent={hospitals.isFetching ? undefined : t(hospitalKeyword ? 'customers.add.noMatch' : 'customers.add.noHospitals')}
                loading={hospitals.isFetching}
                options={toOptions(hospitals.data)}
                value={draft.hospital?.value}
                onChange={(value: string, option) => patch({ hospital: option && !Array.isArray(option) ? { value, label: String(option.label) } : undefined })}
              />
            </Form.Item>
          </>
        ) : null}
        {step === 1 ? (
          <>
            <Form.Item label={t('customers.filter.department')} required>
              <LazyCascader
                levels={2}
                load={loadDepartment}
                value={draft.department}
                onChange={(department) => patch({ department, indications: [] })}
                placeholder={t('customers.filter.department')}
                ariaLabel={t('customers.filter.department')}
                style={{ width: '100%' }}
              />
            </Form.Item>
            <Form.Item label={t('customers.add.titleLevel')} required>
              <Select
                aria-label={t('customers.add.titleLevel')}
                options={toOptions(titleLevels.data)}
                value={draft.titleLevel}
                onChange={(titleLevel: string) => patch({ titleLevel, title: undefined })}
              />
            </Form.Item>
            <Form.Item label={t('customers.filter.title')} required>
              <Select
                aria-label={t('customers.filter.title')}
                disabled={!draft.titleLevel}
                options={toOptions(titles.data)}
                value={draft.title}
                onChange={(title: string) => patch({ title })}
              />
            </Form.Item>
          </>
        ) : null}
        {step === 2 ? (
          <>
            <Form.Item label={t('customers.add.name')} required>
              <Input
                aria-label={t('customers.add.name')}
                maxLength={CUSTOMERS_LIMITS.nameMax}
                value={draft.name}
                onChange={(e) => patch({ name: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('customers.add.gender')}>
              <Radio.Group
                value={draft.gender}
                onChange={(e) => patch({ gender: e.target.value as 0 | 1 | 2 })}
                options={[
                  { value: 1, label: t('customers.add.male') },
                  { value: 2, label: t('customers.add.female') },
                ]}
              />
            </Form.Item>
            <Form.Item label={t('customers.col.phone')}>
              <Input
                aria-label={t('customers.col.phone')}
                inputMode="tel"
                maxLength={11}
                value={draft.phone}
                onChange={(e) => patch({ phone: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('customers.filter.indication')}>
              <Select
                aria-label={t('customers.filter.indication')}
                mode="multiple"
                options={toOptions(indications.data)}
                value={draft.indications}
                onChange={(values: string[]) => patch({ indications: values })}
              />
            </Form.Item>
          </>
        ) : null}
        {problem ? <AddDoctorProblem problem={problem} existing={existing} onOpen={onClose} /> : null}
      </Form>
    </Modal>
  );
}

/** Why saving failed; for a duplicate in the user's scope, a link to the doctor already there. */
export function AddDoctorProblem({ problem, existing, onOpen }: { problem: string; existing?: DuplicateDoctor; onOpen: () => void }) {
  const { t } = useCustomersWords();
  return (
    <Alert
      type="error"
      showIcon
      title={problem}
      role="alert"
      description={
        existing ? (
          <Link to={doctorPath(existing.id, existing.name)} onClick={onOpen}>
            {t('customers.add.openExisting', { name: existing.name })}
          </Link>
        ) : undefined
      }
    />
  );
}
