import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { Banner, Button, TextInput } from '../../design';
import { useStores } from '../../stores/StoresContext';
import { AdminUserRow } from './AdminUserRow';
import './admin.css';

/** Admin: find users by e-mail or name, set role and title, adjust credits with a reason. */
const AdminPage = observer(function AdminPage() {
  const { admin } = useStores();
  const [query, setQuery] = useState('');
  const search = (e: FormEvent) => {
    e.preventDefault();
    void admin.search(query.trim());
  };
  return (
    <div className="page">
      <header className="page__header">
        <h1>Admin: users</h1>
        <p className="page__lead">Find a user by e-mail or name, verify titled players and adjust balances.</p>
      </header>
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
    </div>
  );
});

export default AdminPage;
