import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's notifications container with its styles, loaded lazily by App.tsx. */
export default function NotificationsHost() {
  return <Notifications position="top-center" />;
}
