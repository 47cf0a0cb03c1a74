import { DATA } from '@/lib/data-text';
import { useNavigate } from 'react-router';
import { App as AntApp, Avatar, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, HomeOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { UserInfo } from '@field-portal/shared';
import { useI18n } from '@/lib/i18n';
import { HOME_PATH } from '@/lib/paths';
import { useLogout } from './use-logout';

export const PERSONAL_CENTRE_PATH = '/personalcenter/index';

/** Avatar and first name; home, personal centre and log out with confirmation (spec 001 section 2.7). */
export function ProfileMenu({ user, hasPersonalCentre }: { user: UserInfo; hasPersonalCentre: boolean }) {
  const { t, msg } = useI18n();
  const navigate = useNavigate();
  const { modal } = AntApp.useApp();
  const logout = useLogout();

  const items: MenuProps['items'] = [
    { key: 'home', icon: <HomeOutlined />, label: t('menu.home') },
    ...(hasPersonalCentre ? [{ key: 'personal', icon: <UserOutlined />, label: t('menu.personalCentre') }] : []),
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('menu.logout'), danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'home') void navigate(HOME_PATH);
    else if (key === 'personal') void navigate(PERSONAL_CENTRE_PATH);
    else if (key === 'logout') {
      void modal.confirm({
        title: msg('session.confirmLogout'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: logout,
      });
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      {/* The name spoken starts with the name seen (WCAG 2.5.3): "张三, 个人菜单". */}
      <button type="button" className="fp-profile" aria-label={`${user.firstName || user.username}, ${t('topbar.profile')}`}>
        <Avatar size={30} src={user.avatar || undefined} icon={user.avatar ? undefined : <UserOutlined />} className="fp-profile-avatar" />
        <span className="fp-profile-name" {...DATA}>
          {user.firstName || user.username}
        </span>
        <DownOutlined className="fp-profile-caret" />
      </button>
    </Dropdown>
  );
}
