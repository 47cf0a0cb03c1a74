import { sql, type SQL } from 'drizzle-orm';

/**
 * What a user's roles and data permissions grant, as one row for the customers' scope builder to
 * read in its own statement (it runs on every request that names a doctor or hospital):
 * `all` (a usable role with data scope `all`), `hospital_ids` (the hospitals granted one by one)
 * and `province_names` (the provinces granted by name, as the data-permission screen stores them).
 */
export function scopeGrantsOf(userId: number): SQL {
  return sql`select exists (select 1 from user_roles ur join roles r on r.id = ur.role_id and r.usable
                             where ur.user_id = ${userId} and r.data_scope = 'all') as all,
                    (select array_agg(dp.permission_value::int order by dp.permission_value::int) from data_permissions dp
                      where dp.user_id = ${userId} and dp.permission_type = 'hospital' and dp.permission_value ~ '^[0-9]{1,9}$') as hospital_ids,
                    (select array_agg(dp.permission_value) from data_permissions dp
                      where dp.user_id = ${userId} and dp.permission_type = 'province') as province_names`;
}
