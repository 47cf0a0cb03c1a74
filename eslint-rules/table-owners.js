/**
 * Which module owns each table (docs/decisions/0046). A module reads or writes another module's
 * rows only through the owner's face; `platform` tables belong to the shared floor, not a module.
 * Schema files under apps/server/src/db/schema/<area>.ts hold each area's tables.
 */
export const TABLE_OWNERS = {
  activity: ['tasks', 'task_logs', 'visit_records', 'visit_products', 'visit_key_messages', 'call_records', 'call_messages',
    'visit_doctor_days', 'visit_rep_days', 'visit_doctor_bits', 'visit_pair_days', 'visit_pair_gaps', 'doctor_business_record'],
  admin: ['organisations', 'users', 'roles', 'user_roles', 'menus', 'role_menus', 'release_menus', 'audit_log', 'lang_entries', 'data_permissions', 'employees',
    'enterprises', 'message_groups', 'message_group_members'],
  analytics: ['usage_events', 'analytics_dashboard_status', 'report_team_targets'],
  appcentre: ['app_classifications', 'apps', 'app_roles', 'app_menus', 'app_files', 'carousels', 'frequent_apps', 'recent_apps', 'user_app_messages',
    'opening_screens', 'open_api_nonces'],
  auth: ['sessions', 'user_identities', 'refresh_tokens', 'access_tokens'],
  cards: ['card_reservations', 'cards', 'files'],
  content: ['content_files', 'articles', 'article_reads'],
  customers: ['hospitals', 'doctors', 'doctor_affiliations', 'tags', 'doctor_tags', 'doctor_corrections',
    'doctor_hospital_counts', 'doctor_profile_counts', 'province_doctor_bits'],
  datacollection: ['data_collection_requests'],
  downloads: ['download_jobs'],
  feed: ['feed_unread'],
  home: ['home_charts', 'home_statistics'],
  imports: ['import_jobs', 'import_rows'],
  intelligence: ['intel_papers', 'intel_paper_authors', 'intel_academic_items', 'intel_kol_weights', 'intel_kol_scores', 'intel_relations',
    'intel_doctor_metrics', 'intel_jobs', 'intel_kol_runs', 'intel_kol_history', 'intel_suggestions', 'intel_suggestion_jobs'],
  market: ['opinion_events', 'opinion_items', 'market_figures', 'online_consultations', 'patient_groups'],
  meetings: ['meetings', 'meeting_co_organizers', 'meeting_attendees'],
  messaging: ['conversations', 'chat_messages'],
  platform: ['sign_in_throttle', 'notice_outbox'],
  push: ['pushes', 'push_recipients', 'deliveries'],
  reference: ['regions', 'departments', 'reference_codes', 'medicines', 'medicine_competitors', 'medicine_indications', 'indication_stages',
    'indication_departments', 'medicine_public_opinions', 'keywords', 'journals'],
  setup: ['setup_links'],
  surveys: ['surveys', 'survey_audience', 'survey_respondents', 'survey_responses', 'survey_answer_counts'],
};
