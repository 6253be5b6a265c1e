import { Admin, EditGuesser, ListGuesser, Resource } from 'react-admin';
import { authProvider } from './auth-provider';
import { dataProvider } from './data-provider';
import { i18nProvider } from './i18n-provider';
import { RESOURCES, type ResourceName } from './resources';

const resourceNames = Object.keys(RESOURCES) as ResourceName[];

/** The back office, mounted by the router under /admin/* and loaded only when a staff member opens it. */
export function AdminApp() {
  return (
    <Admin
      // No call home to the library maker: the back office talks to the shop only (and the CSP would refuse it).
      disableTelemetry
      basename="/admin"
      title="Sikkha"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      requireAuth
    >
      {/* Guessers until the back-office issue gives each resource its own file. */}
      {resourceNames.map((name) => (
        <Resource key={name} name={name} list={ListGuesser} edit={EditGuesser} />
      ))}
    </Admin>
  );
}
