import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { notify, useNotice } from '@/lib/notify';

/** The one snackbar of the app (lib/notify decides what it shows). */
export function GlobalSnackbar() {
  const notice = useNotice();
  return (
    <Snackbar
      key={notice?.id}
      open={notice !== null}
      autoHideDuration={notice?.autoHideMs ?? null}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') notify.close();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {notice ? (
        <Alert
          severity={notice.severity}
          variant="filled"
          onClose={() => notify.close()}
          sx={{ width: '100%', alignItems: 'center' }}
          action={
            notice.action ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  notice.action?.onClick();
                  notify.close();
                }}
              >
                {notice.action.label}
              </Button>
            ) : undefined
          }
        >
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
