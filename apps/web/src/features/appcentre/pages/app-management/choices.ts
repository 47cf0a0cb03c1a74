import { queryOptions } from '@tanstack/react-query';
import { managementApi } from '../../management-api';

/** The choices of the app form: every classification and every role. */
export const classificationChoices = queryOptions({ queryKey: ['apps', 'classification', 'all'], queryFn: managementApi.classifications });
export const roleChoices = queryOptions({ queryKey: ['apps', 'roles'], queryFn: managementApi.roles });
