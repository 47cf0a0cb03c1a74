import { createContext, useContext } from 'react';
import type { MenuListResult, UserInfo } from '@field-portal/shared';
import type { RouteTable } from '@/lib/session/route-table';

export interface Session {
  user: UserInfo;
  menus: MenuListResult;
  table: RouteTable;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in session; only inside the start-up guard. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the session guard');
  return session;
}
