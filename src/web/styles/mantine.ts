/**
 * Mantine styles for the public path: only the components public screens use, in Mantine's
 * dependency order (shared pieces first). The `.layer.css` files put Mantine in the `mantine` cascade
 * layer, so our own unlayered CSS (app.css, CSS of other screens) always wins, whatever order chunks
 * load in. Staff screens load the complete Mantine stylesheet through their own chunk
 * (layout/StaffArea.tsx); a public screen that starts using another Mantine component adds it here.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
