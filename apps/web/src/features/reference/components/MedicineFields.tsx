import { Button, Form, Input, Select } from 'antd';
import { dataOptions } from '@/components/DataText';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useReferenceWords } from '../i18n';

/** The medicine form's items beyond its text fields: the competitors (name and alias each) and the indications. */
export function MedicineFields() {
  const { t } = useReferenceWords();
  return (
    <>
      <Form.Item label={t('apps.medicine.competitors')} style={{ marginBottom: 14 }}>
        <CompetitorList />
      </Form.Item>
      <Form.Item name="indications" label={t('apps.medicine.indications')} extra={t('apps.medicine.indicationsHint')}>
        <Select
          mode="tags"
          open={false}
          tokenSeparators={[',', ',']}
          placeholder={t('apps.medicine.indicationsPlaceholder')}
          aria-label={t('apps.medicine.indications')}
          {...dataOptions}
        />
      </Form.Item>
    </>
  );
}

/** The competitor rows of the medicine form (name and alias each). */
function CompetitorList() {
  const { t } = useReferenceWords();
  return (
    <Form.List name="competitors">
      {(rows, { add, remove }, { errors }) => (
        <div data-testid="competitors">
          {rows.map((row, i) => (
            <div key={row.key} className="fp-apps-list-row">
              <Form.Item name={[row.name, 'name']}>
                <Input placeholder={t('apps.medicine.competitorName')} aria-label={`${t('apps.medicine.competitorName')} ${i + 1}`} />
              </Form.Item>
              <Form.Item name={[row.name, 'alias']}>
                <Input placeholder={t('apps.medicine.competitorAlias')} aria-label={`${t('apps.medicine.competitorAlias')} ${i + 1}`} />
              </Form.Item>
              <Button type="text" icon={<MinusCircleOutlined />} aria-label={t('apps.action.remove')} onClick={() => remove(row.name)} />
            </div>
          ))}
          <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({ name: '', alias: '' })}>
            {t('apps.medicine.addCompetitor')}
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
