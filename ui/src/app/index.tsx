import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { routerOptions, routes } from './routes';
import './styles.css';

export function App() {
  const [router] = useState(() => createBrowserRouter(routes, { basename: '/app', ...routerOptions() }));
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
