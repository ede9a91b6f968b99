import '@mantine/core/styles.layer.css';
import { Outlet } from 'react-router';

/**
 * Wraps the sign-in, admin and staff routes. Loading this chunk brings the complete Mantine
 * stylesheet, which staff screens (tables, forms, menus…) need and the public pages do not.
 */
export default function StaffArea() {
  return <Outlet />;
}
