import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Banner, Button, TextInput } from '../../design';
import { useStores } from '../../stores/StoresContext';
import { GamesPanel, SessionsPanel } from './AdminPlayPanels';
import { AdminUserRow } from './AdminUserRow';
import './admin.css';

/** Users: find by e-mail or name, set role and title, adjust credits with a reason. */
const UsersPanel = observer(function UsersPanel() {
  const { admin } = useStores();
  const [query, setQuery] = useState('');
  const search = (e: FormEvent) => {
    e.preventDefault();
    void admin.search(query.trim());
  };
  return (
    <section aria-labelledby="admin-users">
      <h2 id="admin-users">Users</h2>
      <form className="card admin-search" onSubmit={search} role="search">
        <TextInput label="Search users" placeholder="E-mail or name" value={query} onChange={(e) => setQuery(e.target.value)} />
        <Button type="submit" busy={admin.searchState === 'loading'}>
          Search
        </Button>
      </form>
      {admin.searchState === 'error' && <Banner kind="error">The search failed. Please try again.</Banner>}
      {admin.searchState === 'loaded' && admin.users.length === 0 && <p className="muted">No users found.</p>}
      <ul className="admin-users">
        {admin.users.map((u) => (
          <AdminUserRow key={u.id} user={u} />
        ))}
      </ul>
    </section>
  );
});

const TABS = [
  { to: '/admin', label: 'Users' },
  { to: '/admin/games', label: 'Games' },
  { to: '/admin/sessions', label: 'Sessions' },
];

/** Admin (server.md 7): users, games and training sessions; every money action is confirmed first. */
const AdminPage = observer(function AdminPage() {
  const { pathname } = useLocation();
  const panel = pathname.startsWith('/admin/games') ? <GamesPanel /> : pathname.startsWith('/admin/sessions') ? <SessionsPanel /> : <UsersPanel />;
  return (
    <div className="page">
      <header className="page__header">
        <h1>Admin</h1>
        <p className="page__lead">Verify titled players, adjust balances, and look after games and sessions.</p>
      </header>
      <nav className="admin-tabs" aria-label="Admin sections">
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end className="admin-tabs__link">
            {tab.label}
          </NavLink>
        ))}
      </nav>
      {panel}
    </div>
  );
});

export default AdminPage;
