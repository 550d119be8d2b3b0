// Debian's libqrencode-dev: the QR code encoder the server uses for its "open on your phone" code.
#include <qrencode.h>
