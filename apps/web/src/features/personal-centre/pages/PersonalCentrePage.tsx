import { RoleTag } from '@/lib/role-name';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Descriptions, Skeleton, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@field-portal/shared';
import { usePersonalCentreWords } from '../i18n';
import { userInfoQuery } from '@/lib/session/queries';
import { PasswordForm } from '../components/PasswordForm';
import { DATA } from '@/lib/data-text';
import './personal-centre.css';

const tags = (values: string[]) =>
  values.length ? (
    <div className="fp-tag-list">
      {values.map((v) => (
        <Tag key={v} {...DATA}>
          {v}
        </Tag>
      ))}
    </div>
  ) : (
    '—'
  );

function Profile({ user }: { user: UserInfo }) {
  const { t, lang } = usePersonalCentreWords();
  return (
    <>
      <div className="fp-profile-head">
        <Avatar size={56} src={user.avatar || undefined} icon={user.avatar ? undefined : <UserOutlined />} />
        <div>
          <div className="fp-profile-head-name" {...DATA}>
            {user.firstName || user.username}
          </div>
          <Typography.Text type="secondary" {...DATA}>
            {user.enterpriseName}
          </Typography.Text>
        </div>
      </div>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'username', label: t('personal.username'), children: user.username },
          { key: 'firstName', label: t('personal.firstName'), children: <span {...DATA}>{user.firstName || '—'}</span> },
          { key: 'email', label: t('personal.email'), children: user.email || '—' },
          { key: 'phone', label: t('personal.phone'), children: user.phone || '—' },
          { key: 'enterprise', label: t('personal.enterprise'), children: <span {...DATA}>{user.enterpriseName || '—'}</span> },
          {
            key: 'roles',
            label: t('personal.roles'),
            children:
              user.roles.length === 0 ? (
                '—'
              ) : (
                <div className="fp-tag-list">
                  {user.roles.map((role) => (
                    <RoleTag key={role.name} role={role} lang={lang} />
                  ))}
                </div>
              ),
          },
          { key: 'groups', label: t('personal.groups'), children: tags(user.groups) },
          { key: 'bu', label: t('personal.buList'), children: tags(user.buList) },
          { key: 'products', label: t('personal.products'), children: tags(user.products) },
        ]}
      />
    </>
  );
}

/** /personalcenter/index: the signed-in user and the password change (spec 001 sections 2.3 and 5). */
export function PersonalCentrePage() {
  const { t, msg } = usePersonalCentreWords();
  const user = useQuery(userInfoQuery);
  return (
    <div className="fp-personal">
      <Card title={t('personal.profile')} className="fp-personal-card">
        {user.data ? <Profile user={user.data} /> : <Skeleton active />}
      </Card>
      <Card title={t('personal.password')} className="fp-personal-card">
        {user.data?.singleSignOn ? (
          // An account of single sign-on: its password is the identity provider's business.
          <Typography.Paragraph type="secondary">{msg('sso.noLocalPassword')}</Typography.Paragraph>
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('personal.passwordHint')}</Typography.Paragraph>
            <PasswordForm />
          </>
        )}
      </Card>
    </div>
  );
}
