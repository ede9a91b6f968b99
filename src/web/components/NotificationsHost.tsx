import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';

/** Mantine's notifications container with its styles, loaded lazily by App.tsx. */
export default function NotificationsHost() {
  // A few at a time, and not for long: quick runs of actions must not bury the screen's content.
  return <Notifications position="top-center" limit={3} autoClose={4000} />;
}
