import { observer } from 'mobx-react-lite';
import { NavLink } from 'react-router';
import { useStores } from '../stores/StoresContext';
import { sidebarNav } from './nav';

/** The app shell's sidebar (desktop); on phones the same links live in the burger menu. */
export const Sidebar = observer(function Sidebar() {
  const { session } = useStores();
  return (
    <aside className="sidebar">
      <nav aria-label="Sidebar">
        {sidebarNav(session.user).map((item) => (
          <NavLink key={item.to} to={item.to} end className="sidebar__link">
            {item.label}
          </NavLink>
        ))}
      </nav>
    </aside>
  );
});
