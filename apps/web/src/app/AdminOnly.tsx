import { Navigate, Outlet } from 'react-router';
import { useSession } from '../session/useSession';

/** Admin screens: a host who types their address is sent Home (the server refuses their data anyway). */
export function AdminOnly() {
  const { isAdmin } = useSession();
  return isAdmin ? <Outlet /> : <Navigate to="/home" replace />;
}
