import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
// The activity area's timeline of visits, calls and tasks fills the business-record tab (the page composes both areas).
import { BusinessRecordTimeline } from '@/features/activity';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { EditOutlined, TagsOutlined } from '@ant-design/icons';
import { isHttpError } from '@/lib/http';
import { DATA } from '@/lib/data-text';
import { useCustomersWords } from '@/features/customers/i18n';
import { formatCount } from '@/lib/format';
import { doctorQuery } from '../api/customers-api';
import { doctorDepartmentName, type DoctorInfo } from '@field-portal/shared';
import { DoctorTags } from '../components/DoctorTags';
import { lazyDialog } from '@/components/lazy-dialog';
import { directionOptions, doctorRangeOptions, gradeOptions, labelOf, outpatientTypeOptions, teachingTitleOptions, titleOptions } from '../reference-options';
import { useCustomerRights } from '../rights';
import { hospitalPath } from '../routes';
import '../customers.css';

const { Text, Title } = Typography;

// The correction and tag dialogs (forms, cascaders) load when first opened.
const CorrectionDialog = lazyDialog(() => import('../components/CorrectionDialog').then((m) => m.CorrectionDialog));
const TagDialog = lazyDialog(() => import('../components/TagDialog').then((m) => m.TagDialog));
// A pending correction's review (shown only while one waits) loads with it.
const CorrectionReview = lazy(() => import('../components/CorrectionReview').then((m) => ({ default: m.CorrectionReview })));
// The full view's tab (positions table, academic and impact sections) loads when the tab is chosen.
const DoctorFullView = lazy(() => import('../components/DoctorFullView').then((m) => ({ default: m.DoctorFullView })));

function Header({ doctor, onCorrect, onTag }: { doctor: DoctorInfo; onCorrect: () => void; onTag: () => void }) {
  const { t, lang, msg } = useCustomersWords();
  const pending = doctor.pendingCorrection;
  const dept = doctorDepartmentName(doctor, lang, true);
  return (
    <Card className="fp-cust-screen">
      <div className="fp-cust-doctor-head">
        <div className="fp-cust-avatar" aria-hidden {...DATA}>
          {doctor.name.slice(0, 1)}
        </div>
        <div className="fp-cust-doctor-title">
          <Space size={8} wrap>
            <Title level={4} style={{ margin: 0 }} {...DATA}>
              {doctor.name}
            </Title>
            <Tag color="blue">{labelOf(titleOptions(lang), doctor.titleCode)}</Tag>
            {doctor.teachingTitleCode ? <Tag>{labelOf(teachingTitleOptions(lang), doctor.teachingTitleCode)}</Tag> : null}
            {pending ? (
              <Tag color="orange" data-testid="pending-correction">
                {msg('customers.correction.pending')}
              </Tag>
            ) : null}
          </Space>
          <Text type="secondary">
            <Link to={hospitalPath(doctor.hospitalId, doctor.hospitalName)} {...DATA}>
              {doctor.hospitalName}
            </Link>{' '}
            · {dept}
          </Text>
        </div>
        <Space className="fp-cust-doctor-actions" wrap>
          <Button icon={<TagsOutlined />} onClick={onTag}>
            {t('customers.tags.add')}
          </Button>
          <Button icon={<EditOutlined />} onClick={onCorrect}>
            {t('customers.correction.open')}
          </Button>
        </Space>
      </div>
      <Descriptions
        className="fp-cust-facts"
        size="small"
        column={{ xs: 1, md: 2, xl: 4 }}
        items={[
          {
            key: 'region',
            label: t('customers.col.region'),
            children: <span {...DATA}>{[doctor.province, doctor.city].filter(Boolean).join(' / ') || '—'}</span>,
          },
          { key: 'grade', label: t('customers.filter.hospitalLevel'), children: labelOf(gradeOptions(lang), doctor.hospitalLevel) || '—' },
          { key: 'range', label: t('customers.filter.doctorRange'), children: labelOf(doctorRangeOptions(lang), doctor.doctorRange) },
          { key: 'direction', label: t('customers.filter.direction'), children: labelOf(directionOptions(lang), doctor.directionCode) || '—' },
          { key: 'indications', label: t('customers.filter.indication'), children: <span {...DATA}>{doctor.indications.join('、') || '—'}</span> },
          { key: 'online', label: t('customers.filter.onlinePatients'), children: formatCount(doctor.onlinePatients) },
          { key: 'days', label: t('customers.filter.outpatientDays'), children: formatCount(doctor.outpatientDays) },
          { key: 'type', label: t('customers.filter.outpatientType'), children: labelOf(outpatientTypeOptions(lang), doctor.outpatientType) || '—' },
          { key: 'phone', label: t('customers.col.phone'), children: doctor.phone || '—' },
          { key: 'tags', label: t('customers.col.tags'), span: 3, children: <DoctorTags doctor={doctor} /> },
        ]}
      />
    </Card>
  );
}

/** /customer/businessRecord/{doctorId}/{doctorName}: the doctor's header, record timeline and full view. */
export function DoctorRecordPage() {
  const { t, msg } = useCustomersWords();
  const rights = useCustomerRights();
  const params = useParams();
  const id = Number(params.doctorId);
  const doctor = useQuery({ ...doctorQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const [correcting, setCorrecting] = useState(false);
  const [tagging, setTagging] = useState(false);

  if (!Number.isSafeInteger(id) || id <= 0 || (doctor.isError && isHttpError(doctor.error) && doctor.error.status === 404)) {
    // out of the caller's scope reads as absent (SECURITY.md 8.2.2), with the spec's panoramic-view message
    return (
      <Result
        status="403"
        title={msg('customers.doctor.noPanoramic')}
        subTitle={t('customers.doctor.notFoundHint')}
        extra={<Link to="/customer/totaldoctor">{t('customers.doctor.backToList')}</Link>}
      />
    );
  }
  if (doctor.isError) return <Alert type="error" showIcon title={t('customers.loadFailed')} />;
  if (!doctor.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const d = doctor.data;
  const pending = d.corrections.filter((c) => c.status === 'pending');
  return (
    <div className="fp-cust-stack">
      <Header doctor={d} onCorrect={() => setCorrecting(true)} onTag={() => setTagging(true)} />
      {pending.length > 0 ? (
        <Suspense fallback={null}>
          <CorrectionReview corrections={pending} canDecide={rights.reviewer} />
        </Suspense>
      ) : null}
      <Card className="fp-cust-screen">
        <Tabs
          items={[
            { key: 'record', label: t('customers.record.tab'), children: <BusinessRecordTimeline key={d.id} doctorId={d.id} doctorName={d.name} /> },
            {
              key: 'full',
              label: t('customers.full.tab'),
              children: (
                <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
                  <DoctorFullView doctor={d} />
                </Suspense>
              ),
            },
          ]}
        />
      </Card>
      {correcting ? <CorrectionDialog doctor={d} onClose={() => setCorrecting(false)} /> : null}
      {tagging ? <TagDialog target={{ kind: 'doctors', doctors: [d] }} onClose={() => setTagging(false)} /> : null}
    </div>
  );
}
