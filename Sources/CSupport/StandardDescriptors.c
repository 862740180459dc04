// Standard descriptors that started closed, filled before main: see CSupport.h. Tested end to
// end by ClosedStandardDescriptorsTests (codable run with each of them closed).

#include "CSupport.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

// A constructor, so that it runs before `main`: before the concurrency runtime or codable
// itself opens anything (libdispatch's epoll descriptor took a closed standard output's number
// before codable's first line ran).
__attribute__((constructor))
void codable_occupy_closed_standard_descriptors(void) {
    for (int descriptor = STDIN_FILENO; descriptor <= STDERR_FILENO; descriptor++) {
        if (fcntl(descriptor, F_GETFD) != -1 || errno != EBADF) continue;
        int opened = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY);
        if (opened >= 0 && opened != descriptor) close(opened);  // a lower one was taken meanwhile
    }
}
