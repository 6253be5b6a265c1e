import { Admin, CustomRoutes, defaultTheme, Resource, useBasename } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { theme } from '../theme';
import { AdminLayout } from './AdminLayout';
import { authProvider } from './auth-provider';
import { customPages } from './custom-pages';
import { Dashboard } from './Dashboard';
import { dataProvider } from './data-provider';
import { i18nProvider } from './i18n-provider';
import { LogoutPage } from './LogoutPage';
import { menuAliases } from './menu';
import { adminResources } from './resources';

// react-admin's theme with the shop's colours and its Thai font. Warning (refund buttons, pending chips) is a darker
// orange than MUI's #ed6c02, whose text on white and white text on it are 3.1:1, under WCAG AA's 4.5:1.
const shopTheme = theme();
const adminTheme = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: shopTheme.palette.primary.main }, warning: { main: '#a34d00' } },
  typography: { ...defaultTheme.typography, fontFamily: shopTheme.typography.fontFamily },
};

/** The back office, mounted by the router under /admin/* and loaded only when a staff member opens it. */
export function AdminApp() {
  return (
    <Admin
      // No call home to the library maker: the back office talks to the shop only (and the CSP would refuse it).
      disableTelemetry
      basename="/admin"
      title="Sikkha"
      theme={adminTheme}
      layout={AdminLayout}
      dashboard={Dashboard}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      requireAuth
    >
      {adminResources.map((r) => (
        <Resource
          key={r.name}
          name={r.name}
          list={r.list}
          show={r.show}
          recordRepresentation={r.recordRepresentation}
        />
      ))}
      <CustomRoutes>
        {customPages.map((page) => (
          <Route key={page.route} path={`/${page.route}`} element={page.element} />
        ))}
        {Object.entries(menuAliases).map(([alias, path]) => (
          <Route key={alias} path={`/${alias}`} element={<OpenScreen path={path} />} />
        ))}
      </CustomRoutes>
      <CustomRoutes noLayout>
        <Route path="/logout" element={<LogoutPage />} />
      </CustomRoutes>
    </Admin>
  );
}

/** A screen the seed's sidebar names otherwise (`menuAliases`), opened in place of its address. */
function OpenScreen({ path }: { path: string }) {
  const basename = useBasename();
  return <Navigate to={`${basename}/${path}`} replace />;
}
