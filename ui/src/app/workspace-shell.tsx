// The operator workspace's guard: the same route guard as the portal's, for operators only.
// The workspace draws its own frame (app/workspace-layout.tsx's OperatorLayout) and shows the page
// once the guard lets the address through.
import { Outlet } from 'react-router-dom';
import { RouteReadyContext } from '@/lib/route-ready';
import { useRouteGuard } from './use-route-guard';

export function WorkspaceShell() {
  const ready = useRouteGuard('operator');
  return (
    <RouteReadyContext.Provider value={ready}>
      <Outlet />
    </RouteReadyContext.Provider>
  );
}
