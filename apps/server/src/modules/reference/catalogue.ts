import type { Tx } from '../../db/client.js';
import {
  indicationDepartments,
  indicationStages,
  journals,
  keywords,
  medicineCompetitors,
  medicineIndications,
  medicinePublicOpinions,
  medicines,
} from '../../db/schema/index.js';

/**
 * Data management's catalogue as the demo ships it: the company's medicines with their
 * competitors and indications, indication stages and departments, public-opinion categories,
 * keywords and journals. The demo seed writes it; `seed:scale` writes it into a database that has
 * none, so the market data it generates has medicines to be about.
 */
export async function seedMedicineCatalogue(tx: Tx): Promise<void> {
  const [drug] = await tx.insert(medicines).values({ name: '菲立康', alias: 'Filicon', code: 'FLK-001', companyId: 'FP' }).returning();
  await tx.insert(medicineCompetitors).values([
    { medicineId: drug!.id, name: '康瑞宁', alias: 'Kangruining', sort: 0 },
    { medicineId: drug!.id, name: '安立泰', alias: 'Anlitai', sort: 1 },
  ]);
  await tx.insert(medicineIndications).values([
    { medicineId: drug!.id, indication: '高血压', sort: 0 },
    { medicineId: drug!.id, indication: '心力衰竭', sort: 1 },
  ]);
  await tx.insert(medicines).values({ name: '菲达敏', alias: 'Fidamin', code: 'FDM-002', companyId: 'FP' });

  await tx.insert(indicationStages).values([
    { name: '早期', nameEn: 'Early', sort: 1 },
    { name: '进展期', nameEn: 'Advanced', sort: 2 },
    { name: '晚期', nameEn: 'Late', sort: 3 },
  ]);
  await tx.insert(indicationDepartments).values([
    { indication: '高血压', department: '心内科', departmentEn: 'Cardiology', sort: 1 },
    { indication: '心力衰竭', department: '心内科', departmentEn: 'Cardiology', sort: 2 },
  ]);
  await tx.insert(medicinePublicOpinions).values([
    { drug: '菲立康', sentiment: 'positive', standardCategory: '疗效', category: '降压效果', categoryEn: 'Blood-pressure control', company: '菲尔德医药' },
    { drug: '康瑞宁', sentiment: 'negative', standardCategory: '安全性', category: '不良反应', categoryEn: 'Adverse events', company: '其他' },
  ]);
  await tx.insert(keywords).values([
    { keyword: '高血压', category: '疾病' },
    { keyword: '依从性', category: '治疗' },
  ]);
  await tx.insert(journals).values([
    { name: '中华心血管病杂志', category: '核心期刊', alias: 'Chin J Cardiol', formerName: '' },
    { name: '中国循环杂志', category: '核心期刊', alias: 'Chin Circ J', formerName: '循环杂志' },
  ]);
}
