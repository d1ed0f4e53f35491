/* placeholder: not written yet */
