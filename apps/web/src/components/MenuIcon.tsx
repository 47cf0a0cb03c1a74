import {
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  BlockOutlined,
  BookOutlined,
  CalendarOutlined,
  CloudDownloadOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FundOutlined,
  HomeOutlined,
  MedicineBoxOutlined,
  MessageOutlined,
  NotificationOutlined,
  PieChartOutlined,
  ReadOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Icons a menu entry may name (menus.icon holds an @ant-design/icons component name).
 * Listed rather than importing the whole icon set into the bundle; an unknown name shows the
 * generic area icon.
 */
const ICONS: Record<string, ComponentType> = {
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  BlockOutlined,
  BookOutlined,
  CalendarOutlined,
  CloudDownloadOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FundOutlined,
  HomeOutlined,
  MedicineBoxOutlined,
  MessageOutlined,
  NotificationOutlined,
  PieChartOutlined,
  ReadOutlined,
  ScheduleOutlined,
  SendOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
};

export function MenuIcon({ name }: { name: string }) {
  const Icon = (Object.hasOwn(ICONS, name) ? ICONS[name] : undefined) ?? AppstoreOutlined;
  return <Icon />;
}
